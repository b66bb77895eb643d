import { DiseaseTypesScreen } from '../../features/diseases/components/disease-types-screen.tsx';

export const Component = DiseaseTypesScreen;
