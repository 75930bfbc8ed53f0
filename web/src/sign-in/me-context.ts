/** The loaded `/auth/me` answer, provided by the shell to every private page. */
import { createContext, useContext } from 'react';
import type { Me } from './me';

export const MeContext = createContext<Me | undefined>(undefined);

export function useMe(): Me {
  const me = useContext(MeContext);
  if (me === undefined) throw new Error('useMe must be used inside the private shell');
  return me;
}
