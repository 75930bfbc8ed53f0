import { parseSimulateArgs } from '../../../scripts/simulate-args';

describe('the command line of npm run simulate', () => {
  test("takes a location in the southern hemisphere, starting with '-', as the README writes it", () => {
    const { values, positionals } = parseSimulateArgs(['send', '--from', '5511988887777', '--location', '-23.55,-46.63,Av. Paulista']);

    expect(positionals).toEqual(['send']);
    expect(values).toMatchObject({ from: '5511988887777', location: '-23.55,-46.63,Av. Paulista' });
  });

  test("takes a text starting with '-' and still reads the options after it", () => {
    const { values } = parseSimulateArgs(['send', '--text', '- item um', '--from', '5511988887777', '--video']);

    expect(values).toMatchObject({ text: '- item um', from: '5511988887777', video: true });
  });

  test('reads the usual forms as before: --option value, --option=value and flags', () => {
    const { values, positionals } = parseSimulateArgs(['call', '--from=5511988887777', '--video', '--email', 'ana@example.com']);

    expect(positionals).toEqual(['call']);
    expect(values).toEqual({ from: '5511988887777', video: true, email: 'ana@example.com' });
  });

  test('still refuses an option it does not know', () => {
    expect(() => parseSimulateArgs(['send', '--colour', 'blue'])).toThrow(/Unknown option '--colour'/);
  });
});
