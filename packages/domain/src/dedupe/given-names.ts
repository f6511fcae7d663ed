/**
 * Common given names in Switzerland (German, French, Italian and Romansh-speaking regions, and names
 * of the larger immigrant communities), in their usual spellings. Two different names of this list
 * are two names, not a typo of one: Luca and Lucia, Daniel and Daniela, Patrick and Patricia at one
 * address are relatives. A typo seldom makes another common name.
 */
const NAMES = `
Aaron Adam Adrian Adriana Adrienne Agatha Agnes Agnès Agnese Aigul Aldo Alain Alban Albert Alberto Albin Alessandra Alessandro Alessia Alessio
Alex Alexander Alexandra Alexandre Alexia Alfred Alfredo Ali Alice Alicia Alina Aline Alma Alois Amanda Amélie Amelie Ana Anaïs Andrea Andreas
André Andrée Andrew Andri Angela Angelika Angelo Anita Anja Anna Annabelle Anne Anneliese Annemarie Annette Anni Antoine Antoinette Anton Antonella
Antonia Antonio Arianna Armin Arnaud Arnold Arthur Astrid Aude Audrey Aurélie Aurelio Aurora Axel Barbara Bastian Béatrice Beatrice Beatrix Beat
Ben Benedikt Benjamin Benoît Bernadette Bernard Bernhard Berta Bettina Bianca Birgit Brigitte Bruno Camilla Camille Carina Carla Carlo Carlos
Carmen Carole Caroline Cäcilia Catherine Cédric Céline Cecilia Cédric Chantal Charles Charlotte Chiara Chloé Christa Christian Christiane
Christina Christine Christoph Christophe Claire Clara Claude Claudia Claudine Claudio Clemens Colette Constance Corina Corinne Cornelia Cristina
Cyril Damian Damien Daniel Daniela Daniele Danielle David Davide Debora Denis Denise Diana Didier Dieter Dominik Dominique Doris Dorothea Edith
Edoardo Eduard Elena Eleonora Elia Elias Elisa Elisabeth Elisabetta Elise Ella Elodie Élodie Elsa Emanuel Emanuela Emil Emilia Emilie Émilie
Emma Enrico Eric Erica Erich Erika Ernst Esther Eugen Eva Evelyne Fabian Fabien Fabienne Fabio Fabrizio Federica Federico Felix Ferdinand Filippo
Fiona Flavia Flavio Florence Florian Franca Francesca Francesco Franco François Françoise Frank Franz Franziska Frédéric Frédérique Frieda
Fritz Gabriel Gabriela Gabriele Gabrielle Gaël Gaëlle Gaia Georg Georges Gérald Gérard Geneviève Gertrud Gianluca Gianni Gilbert Gilles Gina Ginevra
Giorgia Giorgio Giovanna Giovanni Gisela Giulia Giulio Giuseppe Gottfried Grégoire Gregor Guido Guillaume Hanna Hannah Hannes Hans Hansjörg
Hanspeter Heidi Heinrich Heinz Helen Helena Hélène Helga Helmut Henri Herbert Hermann Hugo Ida Ilaria Ines Ingrid Irène Irene Iris Isabel
Isabella Isabelle Ivan Ivana Ivo Jacqueline Jacques Jakob Jan Jana Janine Jasmin Jean Jeanne Jeannette Jennifer Jérôme Jessica Joël Joëlle
Johann Johanna Johannes Jolanda Jonas Jonathan Josef Joseph Josiane Judith Jules Julia Julian Julie Julien Juliette Jürg Justine Karin
Karl Katharina Katja Kevin Klaus Konrad Kurt Lara Larissa Laura Laurence Laurent Lea Léa Leandro Lena Leo Léo Leon Leonie Liam Lidia Lina
Linda Lisa Livia Lorenz Lorenzo Loïc Louis Louise Luana Luc Luca Lucas Lucia Lucie Luigi Luisa Lukas Luzia Madeleine Magdalena Maja Manon
Manuel Manuela Marc Marcel Marcello Marco Margrit Margrith Maria Marianne Marie Marina Mario Marion Marius Markus Marlène Marta Martha Martin
Martina Martine Massimo Mathias Mathieu Mathilde Matteo Matthias Mattia Maurice Maurizio Max Maxime Melanie Mélanie Michael Michel Michela
Michele Michèle Michelle Mia Mila Milena Mirco Mireille Mirjam Mirko Monica Monika Monique Morena Moritz Nadia Nadine Natalie Nathalie Nicola Nicolas
Nicole Niklaus Nils Nina Noah Noel Noemi Noémie Norbert Océane Olga Olivia Olivier Oliver Oskar Otto Pascal Pascale Patricia Patrick Patrizia
Paul Paula Paola Paolo Pascal Peter Petra Philipp Philippe Pia Pierre Pietro Priska Rachel Raffaella Rahel Ralph Raphael Raphaël Regina Regula
Reto Remo Renate Renato René Renée Riccardo Richard Rita Robert Roberta Roberto Robin Roger Roland Rolf Romain Roman Romina Rosa Rosmarie
Ruedi Rudolf Ruth Sabine Sabrina Salome Samuel Sandra Sandrine Sara Sarah Sébastien Selina Seraina Sergio Severin Silvan Silvana Silvia
Silvio Simon Simona Simone Sofia Sonja Sophie Stefan Stefania Stefanie Stefano Stéphane Stéphanie Stephan Susanne Sven Sylvain Sylvia Sylvie
Tamara Tanja Theres Theresa Thierry Thomas Tiziana Tiziano Tobias Tom Ueli Ulrich Urs Ursula Valentin Valentina Valentine Valérie Vanessa
Verena Véronique Victor Vincent Virginie Vittorio Vreni Walter Werner Willi Xavier Yann Yannick Yves Yvette Yvonne Zoé Zoe
`;

let known: Set<string> | undefined;

/** Whether a normalised given name (normaliseName) is a common given name. */
export function isKnownGivenName(normalised: string, normalise: (s: string) => string): boolean {
  known ??= new Set(
    NAMES.split(/\s+/)
      .filter((n) => n !== '')
      .map(normalise),
  );
  return known.has(normalised);
}
