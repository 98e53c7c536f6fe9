/**
 * The phone number check (§5). libphonenumber's country data (~50 KB compressed) is loaded on the
 * first check, not with the module: the login page imports the register form's module graph but
 * never checks a number. Browser-safe; on the server the import is resolved once and cached.
 */
export async function isValidPhone(value: string): Promise<boolean> {
  const { isValidPhoneNumber } = await import('libphonenumber-js');
  return isValidPhoneNumber(value);
}
