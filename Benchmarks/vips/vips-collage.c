// The same collage as booktag's, made by libvips the way it is fastest: each cover read with
// shrink-on-load (vips_thumbnail) to its cell, the cells joined (vips_arrayjoin), saved with
// libvips' defaults for the file's type. booktag-bench collage builds and runs it beside booktag
// and ImageMagick's montage; it is not part of booktag.
//   vips-collage [--fill] OUTPUT COLUMNS CELL_WIDTH CELL_HEIGHT GAP COVER...
//   vips-collage --copy INPUT OUTPUT
// --fill crops each cover's centre to fill its cell (booktag's --fit cover); by default a cover is
// whole inside its cell (--fit contain). --copy saves an image again (booktag's collage, to
// compare two PNG writers on the same pixels).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

int main(int argc, char **argv) {
    if (VIPS_INIT(argv[0])) vips_error_exit(NULL);
    if (argc == 4 && strcmp(argv[1], "--copy") == 0) {
        VipsImage *image = vips_image_new_from_file(argv[2], NULL);
        if (!image || vips_image_write_to_file(image, argv[3], NULL)) vips_error_exit(NULL);
        g_object_unref(image);
        vips_shutdown();
        return 0;
    }
    int crops = argc > 1 && strcmp(argv[1], "--fill") == 0;
    if (crops) argc--, argv++;
    if (argc < 7) {
        fprintf(stderr, "usage: vips-collage [--fill] OUTPUT COLUMNS CELL_WIDTH CELL_HEIGHT GAP COVER...\n");
        return 64;
    }
    const char *output = argv[1];
    int columns = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]), gap = atoi(argv[5]);
    int count = argc - 6;
    VipsImage **cells = calloc((size_t)count, sizeof(VipsImage *));
    double background[3] = {0xF4, 0xF0, 0xE8};
    VipsArrayDouble *fill = vips_array_double_new(background, 3);
    for (int i = 0; i < count; i++) {
        VipsImage *thumbnail;
        if (vips_thumbnail(argv[6 + i], &thumbnail, width, "height", height, "crop",
                           crops ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL))
            vips_error_exit(NULL);
        // Centred in its cell, the rest the background, as booktag's contain fit.
        if (vips_gravity(thumbnail, &cells[i], VIPS_COMPASS_DIRECTION_CENTRE, width, height, "extend", VIPS_EXTEND_BACKGROUND,
                         "background", fill, NULL))
            vips_error_exit(NULL);
        g_object_unref(thumbnail);
    }
    VipsImage *joined;
    if (vips_arrayjoin(cells, &joined, count, "across", columns, "shim", gap, "background", fill, NULL)) vips_error_exit(NULL);
    if (vips_image_write_to_file(joined, output, NULL)) vips_error_exit(NULL);
    g_object_unref(joined);
    for (int i = 0; i < count; i++) g_object_unref(cells[i]);
    vips_area_unref(VIPS_AREA(fill));
    free(cells);
    vips_shutdown();
    return 0;
}
