/**
 * Help videos, written by the super user (spec 3 §2 Ajuda): POST /helps creates one, PUT /helps/{id}
 * changes the fields given, DELETE /helps/{id} removes it. Only a video code is stored (shared/helps.ts).
 */
import { ulid } from 'ulid';
import type { CreateHelpBody, Help, UpdateHelpBody } from '../../../shared/helps';
import { AppError } from '../errors';
import { deleteHelp, putNewHelp, updateHelp } from '../repositories/helps';

export async function createHelp(input: CreateHelpBody, now = new Date()): Promise<Help> {
  const stamp = now.toISOString();
  const help: Help = { id: ulid(), ...input, createdAt: stamp, updatedAt: stamp };
  await putNewHelp(help);
  return help;
}

export async function changeHelp(helpId: string, input: UpdateHelpBody, now = new Date()): Promise<Help> {
  const help = await updateHelp(helpId, input, now);
  if (!help) throw new AppError('ERR_NO_HELP_FOUND');
  return help;
}

export async function removeHelp(helpId: string): Promise<void> {
  if (!(await deleteHelp(helpId))) throw new AppError('ERR_NO_HELP_FOUND');
}
