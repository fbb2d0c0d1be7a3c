import { returnUrlOf } from '../return-url';
import type { AutoLogoutReason } from './activity-tracker';

/** The logout page address after an automatic logout, with the return address and the reason. */
export function autoLogoutUrlFor(
  location: { pathname: string; search: string },
  reason: AutoLogoutReason,
): string {
  const params = new URLSearchParams({ returnUrl: returnUrlOf(location), reason });
  return `/logout?${params.toString()}`;
}

/** The reason of an automatic logout named in the logout page's address, if any. */
export function autoLogoutReasonOf(value: string | null): AutoLogoutReason | null {
  return value === 'inactivity' || value === 'elsewhere' ? value : null;
}
