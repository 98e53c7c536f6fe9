export { emitToUser, getIo, setIo, userRoom } from './emit';
export { attachSocketServer } from './attach';
