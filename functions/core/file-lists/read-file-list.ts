/** One file list of the caller's company; another company's id answers as one that does not exist. */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getFileList, type StoredFileList } from '../repositories/file-lists';

export async function readFileList(caller: Caller, id: string): Promise<StoredFileList> {
  const list = await getFileList(caller.companyId, id);
  if (!list) throw new AppError('ERR_NO_FILE_FOUND');
  return list;
}
