import { ProductListScreen } from '../../features/products/components/product-screens.tsx';

export const Component = ProductListScreen;
