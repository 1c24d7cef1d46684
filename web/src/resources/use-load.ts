import { useEffect, useState } from 'react';

/** One uncached load per change of `key` (forms want what the server says now, not a cached copy). */
export function useLoad<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({ key: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // Closed (no key): forget, so opening the same record again loads it afresh.
    if (key === null) return setState({ key: null });
    let live = true;
    load().then(
      (data) => live && setState({ key, data }),
      (error: unknown) => live && setState({ key, error }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; `key` says when it means something new
  }, [key, attempt]);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && !current,
    retry: () => {
      setState({ key: null });
      setAttempt((n) => n + 1);
    },
  };
}
