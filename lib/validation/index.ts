export { INT4_MAX, id, idParam, int, isCleanText, num, text } from './fields';
