import { describe, expect, it } from 'vitest';
import { imageName } from './image-name.ts';

describe('blog image names', () => {
  it('keeps the extension, drops the rest of the uploaded name', () => {
    expect(imageName({ name: '../../Mijn Foto.PNG' }, 1700000000000, 0.5)).toBe('1700000000000-i.png');
    expect(imageName({ name: 'no-extension' }, 1, 0.25)).toBe('1-9.jpg');
  });

  it('gives two uploads of the same file different names', () => {
    const file = { name: 'stilte.jpg' };
    expect(imageName(file)).not.toBe(imageName(file));
  });
});
