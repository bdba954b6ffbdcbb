import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/**
 * react-admin's search box with a hint of what it takes, in the back office's language (SearchInput
 * shows a placeholder as given): the hint is a key, as the feature's `w('customers.search')` gives it.
 */
export function SearchBox({ hint, ...props }: SearchInputProps & { hint: string }) {
  return <SearchInput {...props} placeholder={useTranslate()(hint)} />;
}
