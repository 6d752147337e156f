/**
 * Runs child processes as one: Ctrl-C, SIGTERM or SIGHUP stops them all; when one of them stops, the
 * others are stopped too and this process exits with the first one's exit code (scripts/dev.mjs,
 * scripts/start.mjs). `children` are `{ name, process }` with a process from `spawn`.
 */
export function supervise(label, children) {
  let stopping = false;
  let exitCode = 0;

  const running = (child) => child.process.exitCode === null && child.process.signalCode === null;

  function stopAll(signal, code) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const child of children) if (running(child)) child.process.kill(signal);
    // A child that ignores the signal is killed after a grace period.
    setTimeout(() => {
      for (const child of children) if (running(child)) child.process.kill('SIGKILL');
    }, 5000).unref();
  }

  function exitWhenAllStopped() {
    if (children.every((child) => !running(child) || child.failedToStart)) process.exit(exitCode);
  }

  for (const child of children) {
    child.process.on('error', (error) => {
      console.error(`${label}: could not start ${child.name}: ${error.message}`);
      child.failedToStart = true;
      stopAll('SIGTERM', 1);
      exitWhenAllStopped();
    });
    child.process.on('exit', (code, signal) => {
      if (!stopping)
        console.error(`${label}: ${child.name} stopped (${signal ?? `exit ${code}`}); stopping the others`);
      stopAll('SIGTERM', code ?? 1);
      exitWhenAllStopped();
    });
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal, 0));
  }
}
