import type { Plugin } from 'vite';

/** React Router's built files (it ships no separate production build: dist/production is the same code). */
const ROUTER = /node_modules[\\/]react-router[\\/]dist[\\/].+\.m?js$/;

/**
 * Lets the bundler drop the parts of React Router the storefront never uses (its data router's
 * Form, ScrollRestoration, fetchers, …) from the home page's first JavaScript: React Router writes
 * `X.displayName = "X"` after each component, and calls `React.forwardRef` and `React.createContext`
 * without a pure annotation, so every one of them looked used. Only the build's code changes: the
 * names are for React's developer tools, and the calls are pure. About 1.4 KB gzipped (issue 32 item 8).
 */
export function leanRouter(): Plugin {
  return {
    name: 'store:lean-router',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER.test(id)) return null;
      return {
        code: code
          .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm, '')
          .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2('),
        map: null,
      };
    },
  };
}
