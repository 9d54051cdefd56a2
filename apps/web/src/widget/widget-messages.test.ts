import { describe, expect, it } from 'vitest';
import { startHeightReports, type WidgetMessage } from './widget-messages.ts';

/** A box whose height the test sets, and an observer the test fires, as the browser would on a resize. */
function setUp() {
  let height = 400;
  const target = { getBoundingClientRect: () => ({ height }) } as unknown as Element;
  let fire = () => {};
  let stopped = false;
  const posted: WidgetMessage[] = [];
  const stop = startHeightReports(
    target,
    (message) => posted.push(message),
    (_target, onResize) => {
      fire = onResize;
      return () => {
        stopped = true;
      };
    },
  );
  return {
    posted,
    resize(to: number) {
      height = to;
      fire();
    },
    stop,
    isStopped: () => stopped,
  };
}

describe('the widget height reports', () => {
  it('posts the height at once and again each time it changes, rounded up', () => {
    const widget = setUp();
    widget.resize(651.2);
    widget.resize(300);
    expect(widget.posted).toEqual([
      { kinetic: 'widget', type: 'height', height: 400 },
      { kinetic: 'widget', type: 'height', height: 652 },
      { kinetic: 'widget', type: 'height', height: 300 },
    ]);
  });

  it('says nothing for a resize that leaves the height as it was, or an empty box', () => {
    const widget = setUp();
    widget.resize(400);
    widget.resize(0);
    expect(widget.posted).toHaveLength(1);
  });

  it('stops observing when asked', () => {
    const widget = setUp();
    widget.stop();
    expect(widget.isStopped()).toBe(true);
  });
});
