// The sign-in screen lives outside react-admin (so it loads light) and unmounts as the back
// office mounts; it leaves word here that the back office then shows as SPEC's success toast,
// and the failed attempts on the account since its last sign-in, which the owner must hear of.
let signedIn = false;
let failedAttempts: FailedAttempts | null = null;

export interface FailedAttempts {
  count: number;
  lastAt: string;
}

export function markSignedIn(): void {
  signedIn = true;
}

/** True once after a sign-in. */
export function takeSignedIn(): boolean {
  const was = signedIn;
  signedIn = false;
  return was;
}

/** The login answer's failed attempts, kept for the back office to tell. */
export function noteFailedAttempts(attempts: FailedAttempts | undefined): void {
  failedAttempts = attempts && attempts.count > 0 ? attempts : null;
}

/** The failed attempts to tell the owner, once. */
export function takeFailedAttempts(): FailedAttempts | null {
  const was = failedAttempts;
  failedAttempts = null;
  return was;
}
