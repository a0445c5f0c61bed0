// The sign-in screen lives outside react-admin (so it loads light) and unmounts as the back
// office mounts; it leaves word here that the back office then shows as SPEC's success toast.
let signedIn = false;

export function markSignedIn(): void {
  signedIn = true;
}

/** True once after a sign-in. */
export function takeSignedIn(): boolean {
  const was = signedIn;
  signedIn = false;
  return was;
}
