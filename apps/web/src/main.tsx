import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { startPwaWhenIdle } from './shared/pwa/index.ts';
import { toast } from './shared/ui/toast.ts';
import './app/styles/index.css';

async function start() {
  const { queryClient } = await bootstrap(new URL(window.location.href));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // Once the page is up, fetch the toast so that the first message shows without a wait.
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1_000));
  whenIdle(() => void toast.preload());
  // The service worker and its notices, after load: nothing of it delays the first render.
  startPwaWhenIdle();
}

void start();
