import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task.ts';
import { turnToSend } from './send-turns.ts';
import { microtasksDone } from '../../test/microtasks.ts';

describe('turnToSend', () => {
  it('lets the first request of a task go at once and the others one after another, in later tasks', async () => {
    const sent: string[] = [];
    const start = (name: string) => {
      const turn = turnToSend();
      if (!turn) sent.push(name);
      return turn?.then(() => void sent.push(name));
    };
    expect(start('first')).toBeUndefined();
    const second = start('second');
    const third = start('third');
    expect(sent).toEqual(['first']);
    // Not within the task that started them.
    await microtasksDone();
    expect(sent).toEqual(['first']);
    await second;
    expect(sent).toEqual(['first', 'second']);
    await microtasksDone();
    expect(sent).toEqual(['first', 'second']);
    await third;
    expect(sent).toEqual(['first', 'second', 'third']);
  });

  it('lets a request go at once in a task after the waiting ones have gone', async () => {
    await turnToSend();
    await nextTask();
    await nextTask();
    expect(turnToSend()).toBeUndefined();
    await nextTask();
  });
});
