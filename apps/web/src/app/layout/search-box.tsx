import Box from '@mui/material/Box';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** The header's search: required text, submits to /search/{term} (seed §2, §5). */
export function SearchBox() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = term.trim();
    if (t) navigate(`/search/${encodeURIComponent(t)}`);
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: 1, maxWidth: 480, mx: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Box
        component="input"
        value={term}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setTerm(e.target.value)}
        required
        type="search"
        name="search"
        placeholder="Search by title, e.g. hunting demons"
        aria-label="Search videos by title"
        enterKeyHint="search"
        maxLength={100}
        sx={{ width: '100%', px: 1.5, py: 0.9, border: 0, borderRadius: 5, bgcolor: 'rgba(255,255,255,0.12)', color: 'inherit', fontSize: 15, font: 'inherit', '&::placeholder': { color: 'rgba(255,255,255,0.7)' }, '&:focus': { outline: '2px solid', outlineColor: 'primary.main' } }}
      />
    </Box>
  );
}
