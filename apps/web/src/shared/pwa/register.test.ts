import { describe, expect, it, vi } from 'vitest';
import { createServerReach } from '../lib/server-reach.ts';
import { createPwaController, PROBE_DELAYS_MS, type PwaController, type PwaEnvironment } from './register.ts';
import { SKIP_WAITING } from './service-worker/rules.ts';

/** Just enough of the browser's service-worker objects to drive the controller. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  /** A new version of the worker script was found and starts installing. */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = null;
  readonly registration = new FakeRegistration();
  readonly unregister = vi.fn(async () => true);
  register = vi.fn(async (_url: string, _options?: RegistrationOptions) => this.registration);
  getRegistrations = vi.fn(async () => [{ unregister: this.unregister }]);
}

function setUp(options: { controlled?: boolean; dev?: boolean; container?: FakeContainer | null } = {}) {
  const container = options.container === null ? undefined : (options.container ?? new FakeContainer());
  if (container && options.controlled !== false) container.controller = {};
  const reload = vi.fn();
  const showNotices = vi.fn<(controller: PwaController) => void>();
  const serverReach = createServerReach();
  const probe = vi.fn<() => Promise<void>>(async () => undefined);
  const environment: PwaEnvironment = {
    serverReach,
    probe,
    container: container as unknown as ServiceWorkerContainer | undefined,
    dev: options.dev ?? false,
    reload,
    showNotices,
  };
  return { controller: createPwaController(environment), container, reload, showNotices, serverReach, probe };
}

describe('the service worker registration', () => {
  it('registers /m/sw.js for the scope /m/, revalidating the script on every check', async () => {
    const { controller, container } = setUp();
    await controller.start();
    expect(container?.register).toHaveBeenCalledWith('/m/sw.js', { scope: '/m/', updateViaCache: 'none' });
  });

  it('in development registers nothing and removes a worker left on the origin', async () => {
    const { controller, container } = setUp({ dev: true });
    await controller.start();
    expect(container?.register).not.toHaveBeenCalled();
    expect(container?.unregister).toHaveBeenCalledTimes(1);
  });

  it('works on without service workers, or when the registration is refused', async () => {
    await expect(setUp({ container: null }).controller.start()).resolves.toBeUndefined();
    const refusing = new FakeContainer();
    refusing.register = vi.fn(async () => {
      throw new DOMException('blocked', 'SecurityError');
    });
    await expect(setUp({ container: refusing }).controller.start()).resolves.toBeUndefined();
  });
});

describe('a new version', () => {
  it('is not offered on the first install (no page was controlled yet)', async () => {
    const { controller, container, showNotices } = setUp({ controlled: false });
    await controller.start();
    container?.registration.findUpdate().moveTo('installed');
    expect(controller.getState().updateReady).toBe(false);
    expect(showNotices).not.toHaveBeenCalled();
  });

  it('is offered once installed, and takes over only when the user reloads', async () => {
    const { controller, container, reload, showNotices } = setUp();
    await controller.start();
    const worker = container!.registration.findUpdate();
    expect(controller.getState().updateReady).toBe(false);
    worker.moveTo('installed');
    expect(controller.getState().updateReady).toBe(true);
    expect(showNotices).toHaveBeenCalledWith(controller);

    controller.applyUpdate();
    expect(worker.posted).toEqual([{ type: SKIP_WAITING }]);
    expect(reload).not.toHaveBeenCalled();
    container!.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('already waiting when the page opens is offered at once', async () => {
    const container = new FakeContainer();
    container.registration.waiting = Object.assign(new FakeWorker(), { state: 'installed' as const });
    const { controller } = setUp({ container });
    await controller.start();
    expect(controller.getState().updateReady).toBe(true);
  });

  it('never reloads the page on its own, even when another tab let the new version take over', async () => {
    const { controller, container, reload } = setUp();
    await controller.start();
    container!.registration.findUpdate().moveTo('installed');
    container!.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(controller.getState().updateReady).toBe(true);
  });

  it('reloads at once when the offered version is already active', async () => {
    const { controller, container, reload } = setUp();
    await controller.start();
    const worker = container!.registration.findUpdate();
    worker.moveTo('installed');
    worker.moveTo('activated');
    controller.applyUpdate();
    expect(worker.posted).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('can be put off: the notice goes, nothing reloads', async () => {
    const { controller, container, reload } = setUp();
    const listener = vi.fn();
    controller.subscribe(listener);
    await controller.start();
    container!.registration.findUpdate().moveTo('installed');
    controller.dismissUpdate();
    expect(controller.getState().updateReady).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the connection', () => {
  it('follows the browser going offline and back, showing the notices when first needed', async () => {
    const { controller, showNotices } = setUp();
    await controller.start();
    expect(controller.getState().offline).toBe(false);
    expect(showNotices).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('offline'));
    expect(controller.getState().offline).toBe(true);
    expect(showNotices).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(controller.getState().offline).toBe(false);
    window.dispatchEvent(new Event('offline'));
    expect(showNotices).toHaveBeenCalledTimes(1);
  });

  it('says offline while the API gets no answer though the browser says online, until a call is answered', async () => {
    const { controller, showNotices, serverReach } = setUp();
    await controller.start();
    expect(controller.getState().offline).toBe(false);
    serverReach.report(false);
    expect(controller.getState().offline).toBe(true);
    expect(showNotices).toHaveBeenCalledTimes(1);
    serverReach.report(true);
    expect(controller.getState().offline).toBe(false);
  });

  it('asks the server again while nothing answers, less often each time, and stops once it answers', async () => {
    vi.useFakeTimers();
    try {
      const { controller, serverReach, probe } = setUp();
      await controller.start();
      serverReach.report(false);
      await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0] - 1);
      expect(probe).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(probe).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1]);
      expect(probe).toHaveBeenCalledTimes(2);
      // The server answers the next probe: the notice goes and no more probes are made.
      probe.mockImplementation(async () => serverReach.report(true));
      await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2]);
      expect(probe).toHaveBeenCalledTimes(3);
      expect(controller.getState().offline).toBe(false);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(probe).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes no probe while the browser itself says offline', async () => {
    vi.useFakeTimers();
    try {
      const { controller, serverReach, probe } = setUp();
      await controller.start();
      window.dispatchEvent(new Event('offline'));
      serverReach.report(false);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(probe).not.toHaveBeenCalled();
      expect(controller.getState().offline).toBe(true);
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0]);
      expect(probe).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      window.dispatchEvent(new Event('online'));
    }
  });

  it('shows the notice at start when the page opened offline', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { controller, showNotices } = setUp();
    await controller.start();
    expect(controller.getState().offline).toBe(true);
    expect(showNotices).toHaveBeenCalledTimes(1);
  });
});
