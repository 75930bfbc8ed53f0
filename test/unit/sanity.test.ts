import middy from '@middy/core';
test('esm loads', async () => { const h = middy(async () => 1); expect(await h({}, {} as never)).toBe(1); });
