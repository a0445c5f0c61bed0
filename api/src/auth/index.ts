// Staff authentication for every router: import the guard from here.
export { requireStaff, optionalStaff, bearerToken, ADMIN_ONLY, ALL_STAFF } from './require-staff';
export { signStaffToken, verifyStaffToken, type StaffClaims } from './token';
export { hashPassword, verifyPassword } from '@vag/core/auth/password';
