export { INT4_MAX, INVALID_CHARACTERS, id, idParam, int, isCleanText, num, text, textParam } from './fields';
