import { ProductHomeScreen } from '../../features/products/components/product-screens.tsx';

export const Component = ProductHomeScreen;
