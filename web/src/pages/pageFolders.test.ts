// Every page lives in its own folder, `pages/<area>/<page>/index.tsx`, with its page-only helpers,
// tests and styles beside it; helpers an area's pages share sit in `pages/<area>/shared/`. So a
// page's files are found (and moved, or deleted) together, and a flat `FooPage.tsx` does not creep back.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(process.cwd(), 'src');
const PAGES = join(SRC, 'pages');
const REGISTRY = join(PAGES, 'registry.ts');
const ROUTER = join(SRC, 'router');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(file: string, specifier: string): string | undefined {
  const base = resolve(dirname(file), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** What `file` imports relatively: `import(…)` (a lazy route) apart from static imports. */
function importsOf(file: string): { lazy: string[]; eager: string[] } {
  const text = readFileSync(file, 'utf8');
  const resolved = (pattern: RegExp) =>
    [...text.matchAll(pattern)].flatMap((match) => resolveImport(file, match[1]) ?? []);
  return {
    lazy: resolved(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
    eager: resolved(/^import\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm),
  };
}

const inPages = (file: string) => file.startsWith(`${PAGES}/`) && file !== REGISTRY;

/**
 * The page modules: what any module loads lazily from pages/ (the registry's menu pages, the
 * router's static pages, the onboarding frame's step pages), and what the router imports from
 * pages/ eagerly (the login page, in the entry chunk).
 */
function pageModules(): string[] {
  const pages = new Set<string>();
  for (const file of sources(SRC)) {
    const { lazy, eager } = importsOf(file);
    lazy.filter(inPages).forEach((page) => pages.add(page));
    if (file.startsWith(`${ROUTER}/`)) eager.filter(inPages).forEach((page) => pages.add(page));
  }
  return [...pages].map((page) => relative(PAGES, page)).sort();
}

/** Every `index.tsx` two folders under pages/: each should be a page the app routes to. */
function pageFolders(): string[] {
  return readdirSync(PAGES)
    .filter((area) => statSync(join(PAGES, area)).isDirectory())
    .flatMap((area) =>
      readdirSync(join(PAGES, area))
        .map((page) => `${area}/${page}/index.tsx`)
        .filter((index) => existsSync(join(PAGES, index))),
    )
    .sort();
}

describe('page folders', () => {
  const pages = pageModules();

  it('finds the routed pages, the eagerly imported login page among them', () => {
    expect(pages).toContain('account/login/index.tsx');
    expect(pages).toContain('home/workspace/index.tsx');
    expect(pages).toContain('enrollment/review/index.tsx');
    expect(pages.length).toBeGreaterThan(25);
  });

  it('has each page as pages/<area>/<page>/index.tsx, outside the shared folders', () => {
    const misplaced = pages.filter(
      (page) => !/^[^/]+\/[^/]+\/index\.tsx$/.test(page) || page.split('/').slice(0, 2).includes('shared'),
    );
    expect(misplaced).toEqual([]);
  });

  it('has no page folder that nothing routes to', () => {
    expect(pageFolders()).toEqual(pages);
  });
});
