/** Who sees and changes a quick message: the one rule the server enforces and the web's buttons follow. */
import { canChangeQuickMessage, canSeeQuickMessage } from '../../../shared/quick-messages';

const author = { userId: 'U1', isAdmin: false };
const colleague = { userId: 'U2', isAdmin: false };
const admin = { userId: 'U3', isAdmin: true };

describe('a personal quick message', () => {
  const personal = { geral: false, userId: 'U1' };

  test('is seen and changed by its owner only, not even by an admin', () => {
    expect([author, colleague, admin].map((viewer) => canSeeQuickMessage(viewer, personal))).toEqual([true, false, false]);
    expect([author, colleague, admin].map((viewer) => canChangeQuickMessage(viewer, personal))).toEqual([true, false, false]);
  });
});

describe('a shared (geral) quick message', () => {
  const shared = { geral: true, userId: 'U1' };

  test('is seen by everyone and changed by its author and admins', () => {
    expect([author, colleague, admin].map((viewer) => canSeeQuickMessage(viewer, shared))).toEqual([true, true, true]);
    expect([author, colleague, admin].map((viewer) => canChangeQuickMessage(viewer, shared))).toEqual([true, false, true]);
  });
});
