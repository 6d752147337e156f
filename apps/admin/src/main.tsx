import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The language first (?lang=, then the stored choice), then the app.
void bootstrap(new URL(window.location.href)).then(({ queryClient }) =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);
