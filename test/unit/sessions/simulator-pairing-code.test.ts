/**
 * The simulator's pairing codes: made like WhatsApp's (8 characters of the alphabet Baileys draws them
 * from, out of 5 random bytes), so the page, the API and the simulate command meet the same shape as
 * with the real network. The whole course (code shown live, entered, CONNECTED) is in
 * test/integration/whatsapp-pairing-code.test.ts.
 */
import { PAIRING_CODE_PATTERN } from '../../../shared/connections';
import { simulatedPairingCode } from '../../../functions/sessions/providers/simulator/provider';

describe('simulatedPairingCode', () => {
  test('makes 8 characters of the pairing alphabet from 5 bytes, the lowest and highest included', () => {
    expect(simulatedPairingCode(Buffer.alloc(5, 0))).toBe('11111111');
    expect(simulatedPairingCode(Buffer.alloc(5, 0xff))).toBe('ZZZZZZZZ');
    expect(simulatedPairingCode(Buffer.from([0x08, 0x86, 0x42, 0x98, 0xe8]))).toBe('23456789');
  });

  test('makes codes the API pattern accepts, and not the same one twice in a row', () => {
    const codes = Array.from({ length: 50 }, () => simulatedPairingCode());

    for (const code of codes) expect(code).toMatch(PAIRING_CODE_PATTERN);
    expect(new Set(codes).size).toBeGreaterThan(45);
  });
});
