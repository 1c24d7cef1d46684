/**
 * The production build runs on Preact's React layer (decision 431). Preact runs `useEffect` callbacks after
 * the next animation frame; React runs them right after the browser paints, before the next frame. Chakra's
 * components (Zag's state machines) rely on React's order: a dialog, for one, looks for its title in the next
 * frame to name itself after it (`aria-labelledby`), and under Preact's timing the title was not there yet.
 * Effects run here as React's scheduler runs them, in a message-channel task. Under React (dev server, unit
 * tests) this sets an option nobody reads.
 */
import { options } from 'preact';

let pending: (() => void)[] = [];
const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
if (channel) {
  channel.port1.onmessage = () => {
    const run = pending;
    pending = [];
    for (const callback of run) callback();
  };
  options.requestAnimationFrame = (callback) => {
    pending.push(callback);
    if (pending.length === 1) channel.port2.postMessage(null);
  };
}
