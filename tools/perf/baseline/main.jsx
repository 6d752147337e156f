/**
 * The baseline page of the benchmark (tools/perf/README.md): React 19 rendering one heading and one
 * paragraph on the client, built by Vite and served by the same server as the site. The home page's
 * Lighthouse figures are read beside this page's, measured in the same run.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Baseline() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>A React 19 page built by Vite with nothing else on it, to compare the home page with.</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Baseline />
  </StrictMode>,
);
