/**
 * Files' public surface: receiving an upload (the one file of a multipart body, checked and stored),
 * storing a generated file, reading a stored one's bytes, the file answer of a row, and forgetting the
 * files nothing uses any more.
 */
export {
  forgetUnusedFiles,
  oneFile,
  receiveUpload,
  removeStored,
  storedBytes,
  storeGeneratedFile,
  type FilesDeps,
  type IncomingFile,
} from './service.ts';
export { fileUrl, toFileDto } from './dto.ts';
