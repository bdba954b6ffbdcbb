import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseWithoutEval } from '@store/contract';
import { App } from './app.tsx';

// The back office runs under a Content-Security-Policy without eval: see parseWithoutEval.
parseWithoutEval();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
