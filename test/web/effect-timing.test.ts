// @vitest-environment happy-dom
/**
 * The production build runs on Preact (decision 431): its effects run in a message-channel task, as React's
 * scheduler runs them, not after the next animation frame (Preact's own way), which Chakra's dialogs would
 * find too late. Here no frame comes at all: the effects must still run.
 */
import '@web/lib/effect-timing.ts';
import { h, render } from 'preact';
import { useEffect } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';

const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => void vi.unstubAllGlobals());

describe('Preact effect timing', () => {
  it('runs effects in the next task, without waiting for an animation frame', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0); // a frame that never comes
    const ran: string[] = [];
    function Probe(props: { name: string }) {
      useEffect(() => void ran.push(props.name), [props.name]);
      return null;
    }
    const root = document.createElement('div');
    render(h(Probe, { name: 'first' }), root);
    expect(ran).toEqual([]); // not during the render
    await task();
    expect(ran).toEqual(['first']);
    render(h(Probe, { name: 'second' }), root);
    await task();
    expect(ran).toEqual(['first', 'second']);
    render(null, root);
  });
});
