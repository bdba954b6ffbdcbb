import { SearchInput, type SearchInputProps } from 'react-admin';
import type { Word } from '../providers/locales/words.ts';
import { useWords } from '../providers/words.ts';

/** react-admin's search box with a hint of what it takes, in the back office's language (SearchInput shows a placeholder as given). */
export function SearchBox({ hint, ...props }: SearchInputProps & { hint: Word }) {
  return <SearchInput {...props} placeholder={useWords()(hint)} />;
}
