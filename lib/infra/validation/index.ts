export { INT4_MAX, INVALID_CHARACTERS, id, idParam, int, isCleanText, num, text, textParam } from './fields';
export {
  PROFESSIONS,
  MIN_PASSWORD,
  MAX_PASSWORD,
  MAX_EMAIL,
  MAX_NAME,
  MAX_PHONE,
  requiredText,
  emailField,
  requiredPassword,
  newPasswordField,
  professionField,
  type Profession,
} from './account-fields';
