import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SessionInfo } from '@kl/contracts/member-session';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initSessionStore, useSession, useSessionStore } from './session-store.ts';

const SIGNED_IN: SessionInfo = {
  userName: 'lan88',
  merchantCode: 'kimlong',
  type: 1,
  firstTimeLogin: false,
  expiresAt: '2099-01-01T10:00:00.000Z',
};

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

/** A screen part reading the session, counting its renders. */
function renderReader() {
  const renders = { count: 0 };
  function Reader() {
    const { role, userName, info } = useSession();
    renders.count += 1;
    return <p>{`${role} ${userName ?? '-'} ${info?.type ?? '-'}`}</p>;
  }
  render(<Reader />);
  return renders;
}

afterEach(() => {
  localStorage.clear();
  act(() => useSessionStore.setState({ info: null }));
});

describe('the session store', () => {
  it('reads the stored session at load, without its end', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(SIGNED_IN));
    expect(initSessionStore()).toEqual(SIGNED_IN);
    expect(useSessionStore.getState().info).toEqual({
      userName: 'lan88',
      merchantCode: 'kimlong',
      type: 1,
      firstTimeLogin: false,
    });
  });

  it('keeps a renewed end in storage without drawing the screens that read the session again', () => {
    act(() => useSessionStore.getState().setSession(SIGNED_IN));
    const renders = renderReader();
    expect(screen.getByText('member lan88 1')).toBeInTheDocument();
    const before = renders.count;

    const renewed = { ...SIGNED_IN, expiresAt: '2099-01-02T10:00:00.000Z' };
    act(() => useSessionStore.getState().setSession(renewed));
    expect(stored()).toEqual(renewed);
    expect(renders.count).toBe(before);
  });

  it('draws them again when who is signed in changes', () => {
    act(() => useSessionStore.getState().setSession(SIGNED_IN));
    const renders = renderReader();
    const before = renders.count;

    act(() => useSessionStore.getState().setSession({ ...SIGNED_IN, type: 4 }));
    expect(screen.getByText('trial lan88 4')).toBeInTheDocument();
    expect(renders.count).toBeGreaterThan(before);

    act(() => useSessionStore.getState().clearSession());
    expect(screen.getByText('visitor - -')).toBeInTheDocument();
    expect(stored()).toBeNull();
  });
});
