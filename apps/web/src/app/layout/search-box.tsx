import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSuggestion } from '@store/contract';
import { videoHref } from '../../components/use-video-href.ts';
import { useSuggestions } from '../../features/search/api/get-suggestions.ts';
import { useT } from '../../lib/i18n.ts';
import { seasonName } from '../../components/catalog-words.ts';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 250;

const SearchIcon = () => (
  <svg className="search-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z" />
  </svg>
);

/**
 * The header's search: required text, submits to /search/{term} (seed §2, §5). As one types (2
 * letters or more), a few matching titles with their posters open below it: an ARIA 1.2 combobox
 * (arrows move through them, Enter opens one, Escape closes the list), announced to screen readers.
 * Hand-written rather than MUI's Autocomplete to keep the home page's JavaScript small; plain elements
 * with classes (shell.css), like the rest of the header.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [asked, setAsked] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(term.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const suggestions = useSuggestions(asked);
  const results: SearchSuggestion[] = asked.length >= 2 && term.trim().length >= 2 ? (suggestions.data?.results ?? []) : [];
  const expanded = open && results.length > 0;
  // Said when the answer to what is typed has no titles: a screen reader would otherwise go on hearing the last list.
  const nothingFor = open && asked.length >= 2 && term.trim() === asked && suggestions.isSuccess && results.length === 0;

  const choose = (s: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    navigate(videoHref(s));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = term.trim();
    setOpen(false);
    if (text) navigate(`/search/${encodeURIComponent(text)}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (results.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const n = results.length;
      // -1 is the text itself: the arrows go round the options and back to it.
      if (e.key === 'ArrowDown') setActive((i) => (!expanded ? 0 : i + 1 >= n ? -1 : i + 1));
      else setActive((i) => (!expanded ? n - 1 : i - 1 < -1 ? n - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < results.length) {
      e.preventDefault();
      choose(results[active]!);
    }
  };
  const activeId = expanded && active >= 0 && active < results.length ? `${listId}-${active}` : undefined;

  return (
    <form role="search" onSubmit={submit} className="search-form">
      <SearchIcon />
      <input
        className="search-input"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        required
        type="search"
        name="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={t('searchbox.placeholder')}
        aria-label={t('searchbox.label')}
        enterKeyHint="search"
        maxLength={100}
      />
      {/* On a phone the box is narrow: the list takes the screen's width under the top bar. */}
      <ul id={listId} role="listbox" aria-label={t('searchbox.suggestions')} hidden={!expanded} className="search-list">
        {expanded &&
          results.map((s, i) => (
            <li
              key={s.vidId}
              id={`${listId}-${i}`}
              role="option"
              className="search-option"
              aria-selected={i === active}
              // keep the focus in the input: a click chooses without blurring it first
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseEnter={() => setActive(i)}
            >
              <div className="search-poster">{s.poster && <img src={s.poster} alt="" width={32} height={48} decoding="async" />}</div>
              <div className="search-text">
                <div className="search-title">
                  {s.title}
                  {s.season ? ` · ${seasonName(t, s.season)}` : ''}
                </div>
                <div className="search-dj">DJ {s.dj}</div>
              </div>
            </li>
          ))}
      </ul>
      <div role="status" className="visually-hidden">
        {expanded ? t('searchbox.status', { count: results.length }) : nothingFor ? t('searchbox.status_none') : ''}
      </div>
    </form>
  );
}
