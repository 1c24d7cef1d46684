/**
 * docs/product.md section 8: after 30 minutes without input the user is told "You have not operated for a
 * long time, please log in again" and logged out. Input anywhere in the page counts; the check runs every 15
 * s.
 */
import { useEffect, useRef } from 'react';

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
const CHECK_EVERY_MS = 15_000;
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export function useIdle(onIdle: () => void, timeoutMs = IDLE_TIMEOUT_MS): void {
  const callback = useRef(onIdle);
  callback.current = onIdle;

  useEffect(() => {
    let last = Date.now();
    let fired = false;
    const touch = () => {
      last = Date.now();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
    const timer = setInterval(
      () => {
        if (!fired && Date.now() - last >= timeoutMs) {
          fired = true;
          callback.current();
        }
      },
      Math.min(CHECK_EVERY_MS, timeoutMs),
    );
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [timeoutMs]);
}
