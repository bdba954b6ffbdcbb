import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NewestVideos } from './newest-videos.tsx';

// A placeholder storefront until the storefront issue lands: the newest posters from the real API.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ fontFamily: 'system-ui, sans-serif', background: '#101418', color: '#eee', minHeight: '100vh', padding: 16 }}>
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Video Store Kenya</h1>
      <NewestVideos />
      <p style={{ marginTop: 24, fontSize: 14 }}>
        The full storefront is on its way. The API is documented at <a style={{ color: '#8cf' }} href="/api/docs">/api/docs</a>.
      </p>
    </main>
  </StrictMode>,
);
