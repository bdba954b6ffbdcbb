import { useWords } from './words.ts';

/**
 * The back office's name, in the language chosen now. react-admin shows its default title as given
 * (the not-found page does not translate it), so it is handed words, never a key (issue 32 item 25).
 */
export function AppTitle() {
  const w = useWords();
  return <>{w('app.title')}</>;
}
