export const APP_NAME = '艾灸养生';
