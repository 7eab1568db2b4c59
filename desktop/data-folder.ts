// Where the desktop app keeps its data: CARGODESK_DATA_DIR when set; beside the executable for the
// Windows portable build (electron-builder sets PORTABLE_EXECUTABLE_DIR); else <userData>/data.
import { isAbsolute, join, resolve } from 'node:path';

export interface DataFolderInput {
  env: NodeJS.ProcessEnv;
  /** app.getPath('userData') */
  userData: string;
}

export type DataFolderSource = 'env' | 'portable' | 'userData';

export function chooseDataFolder({ env, userData }: DataFolderInput): { dir: string; source: DataFolderSource } {
  const fromEnv = env.CARGODESK_DATA_DIR?.trim();
  if (fromEnv) return { dir: resolve(fromEnv), source: 'env' };
  const portable = env.PORTABLE_EXECUTABLE_DIR?.trim();
  if (portable && isAbsolute(portable)) return { dir: join(portable, 'Cargodesk-data'), source: 'portable' };
  return { dir: join(userData, 'data'), source: 'userData' };
}
