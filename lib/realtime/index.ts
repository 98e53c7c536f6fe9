export { emitToUser, getIo, setIo, userRoom } from './emit';
export { attachSocketServer, closeSocketServer } from './attach';
