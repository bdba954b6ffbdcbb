import Box from '@mui/material/Box';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SearchSuggestion } from '@store/contract';
import { videoHref } from '../../components/use-video-href.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { useSuggestions } from '../../features/search/api/get-suggestions.ts';
import { useT } from '../../lib/i18n.ts';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 250;

/**
 * The header's search: required text, submits to /search/{term} (seed §2, §5). As one types (2
 * letters or more), a few matching titles with their posters open below it: an ARIA 1.2 combobox
 * (arrows move through them, Enter opens one, Escape closes the list), announced to screen readers.
 * Hand-written rather than MUI's Autocomplete to keep the home page's JavaScript small.
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
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: 1, maxWidth: 480, mx: { xs: 1, sm: 2 }, minWidth: 0, position: 'relative' }}>
      <Box
        component="input"
        value={term}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
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
        sx={{ width: '100%', px: 1.5, py: 0.9, border: 0, borderRadius: 5, bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit', fontSize: 15, font: 'inherit', '&::placeholder': { color: 'rgba(255,255,255,0.7)' }, '&:focus': { outline: '2px solid', outlineColor: 'primary.main' } }}
      />
      <Box
        component="ul"
        id={listId}
        role="listbox"
        aria-label={t('searchbox.suggestions')}
        hidden={!expanded}
        // On a phone the box is narrow: the list takes the screen's width under the top bar.
        sx={{ position: { xs: 'fixed', sm: 'absolute' }, top: { xs: 56, sm: '100%' }, left: { xs: 8, sm: 0 }, right: { xs: 8, sm: 0 }, zIndex: 'modal', m: 0, mt: 0.5, p: 0.5, listStyle: 'none', bgcolor: 'background.paper', color: 'text.primary', borderRadius: 2, boxShadow: 8, maxHeight: '70vh', overflowY: 'auto' }}
      >
        {expanded &&
          results.map((s, i) => (
            <Box
              component="li"
              key={s.vidId}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // keep the focus in the input: a click chooses without blurring it first
              onMouseDown={(e: React.MouseEvent) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseEnter={() => setActive(i)}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25, p: 0.75, borderRadius: 1, cursor: 'pointer', bgcolor: i === active ? 'action.selected' : 'transparent' }}
            >
              <Box sx={{ width: 32, height: 48, flex: 'none', borderRadius: 0.5, overflow: 'hidden', bgcolor: 'grey.900' }}>
                {s.poster && <img src={s.poster} alt="" width={32} height={48} decoding="async" style={{ display: 'block', width: 32, height: 48, objectFit: 'cover' }} />}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ fontWeight: 600, fontSize: 14, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {s.title}
                  {s.season ? ` · ${s.season}` : ''}
                </Box>
                <Box sx={{ fontSize: 12, color: 'text.secondary' }}>DJ {s.dj}</Box>
              </Box>
            </Box>
          ))}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {expanded ? t('searchbox.status', { count: results.length }) : ''}
      </Box>
    </Box>
  );
}
