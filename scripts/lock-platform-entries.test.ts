import { describe, expect, it } from 'vitest';
import { platformOf } from './lock-platform-entries.ts';

describe('platformOf', () => {
  it('reads os, cpu and libc from a native package name', () => {
    expect(platformOf('@biomejs/cli-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@biomejs/cli-linux-x64-musl')).toEqual({
      os: ['linux'],
      cpu: ['x64'],
      libc: ['musl'],
    });
    expect(platformOf('@astrojs/compiler-binding-linux-arm64-gnu')).toEqual({
      os: ['linux'],
      cpu: ['arm64'],
      libc: ['glibc'],
    });
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(platformOf('postgrest-dist-win32-x64')).toEqual({ os: ['win32'], cpu: ['x64'] });
  });

  it('finds no platform in an ordinary package name', () => {
    expect(platformOf('sanitize-html')).toEqual({});
  });
});
