import { buildRouteTable, defaultMenuTree, findRoute, type RouteTable } from '@core/wasm';

let product: RouteTable | undefined;

/**
 * Whether a path is one of the product's pages (core's full menu tree), whether or not this
 * user's menu grants it: such a path is refused as 无权限, any other is 页面不存在.
 */
export function isProductPage(pathname: string): boolean {
  product ??= buildRouteTable(defaultMenuTree());
  return findRoute(product, pathname) !== undefined;
}
