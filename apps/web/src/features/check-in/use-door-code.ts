import { useEffect, useState } from 'react';
import { checkInCode, checkInStepAt, checkInUrl, type DoorClassDto } from '@kinetic/shared';

export interface DoorCode {
  url: string;
  step: number;
  /** Seconds until the next code. */
  secondsLeft: number;
  /** The screen's clock, corrected by the server's. */
  now: number;
}

/**
 * The door screen's current code, derived here every 30 seconds from the class's secret (Web Crypto),
 * so the screen keeps showing valid codes while the network is down. `clockOffsetMs` is the server's
 * clock minus this device's, measured when the class was read, so a tablet whose clock is off still
 * shows the step the server expects.
 */
export function useDoorCode(door: DoorClassDto | null | undefined, clockOffsetMs: number): DoorCode | null {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const now = tick + clockOffsetMs;
  const step = checkInStepAt(now);
  const [code, setCode] = useState<{ classInstanceId: string; step: number; url: string } | null>(null);
  const secret = door?.secret;
  const fitnessSessionId = door?.fitnessSessionId;
  const classInstanceId = door?.classInstanceId;
  const company = door?.company;
  const roleId = door?.clientRoleId;

  useEffect(() => {
    if (!secret || !fitnessSessionId || !classInstanceId || !company || !roleId) return;
    let live = true;
    void checkInCode(secret, fitnessSessionId, classInstanceId, step).then((value) => {
      if (live)
        setCode({
          classInstanceId,
          step,
          url: checkInUrl(window.location.origin, { company, roleId }, fitnessSessionId, classInstanceId, value, step),
        });
    });
    return () => {
      live = false;
    };
  }, [secret, fitnessSessionId, classInstanceId, company, roleId, step]);

  // Until the new step's code is ready the last one stays up (the server still takes it), so the code
  // never blinks.
  if (!door || !code || code.classInstanceId !== door.classInstanceId) return null;
  const stepSeconds = door.stepSeconds;
  const secondsLeft = stepSeconds - (Math.floor(now / 1000) % stepSeconds);
  return { url: code.url, step: code.step, secondsLeft, now };
}
