/** The hero picture's widths: the <Image> in HomeHero and the preload in HeroPreload must agree. */
export const HERO_WIDTHS = [640, 960, 1280, 1920];
