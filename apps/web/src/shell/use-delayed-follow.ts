import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { followTarget } from './follow-target.ts';

export interface DelayedTarget {
  to: string;
  delayMs: number;
  external?: boolean;
}

/**
 * Follows a post-auth target after its delay (spec §4: "after 2 s"). The timer lives in an effect, so
 * leaving the page first cancels it instead of pulling the visitor back from wherever they went.
 */
export function useDelayedFollow(): (target: DelayedTarget | null) => void {
  const navigate = useNavigate();
  const [target, setTarget] = useState<DelayedTarget | null>(null);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => {
      followTarget(navigate, target).catch((error: unknown) => console.error('Could not move on.', error));
    }, target.delayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);
  return setTarget;
}
