// The modules of src/ import each other without a cycle: a cycle (the request client importing
// the stores that call it) makes module order decide what is defined at import time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(process.cwd(), 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The relative imports of a file (type-only imports vanish at build and cannot cycle at run time). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm)];
  return found.flatMap((match) => {
    const base = resolve(dirname(file), match[1] ?? match[2]);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
    const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    return hit && /\.tsx?$/.test(hit) ? [hit] : [];
  });
}

function findCycle(files: string[]): string[] | undefined {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined;
    if (state.get(file) === 'open') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle.map((path) => relative(SRC, path));
  }
  return undefined;
}

describe('module graph', () => {
  it('has no import cycle', () => {
    expect(findCycle(sources(SRC))).toBeUndefined();
  });
});
