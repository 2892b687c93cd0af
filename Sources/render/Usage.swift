/// `render --help`.
enum Usage {
    static let text = """
    usage: render --scene FILE --out PATH [options]
           render validate FILE...          check scenes without rendering them, and count
                                            their frames (at --scale, --fps, --appearance)
           render gif DIR... --out NAME.gif [--fps N] [--quality Q] [--jobs N]
                                            assemble folders of frame_NNNN.png into a GIF
                                            (or a .webp, .avif, .mp4 or .apng, by --out's name)
           render test [SUITE] [--update] [--junit FILE] [--report FILE] [--shard I/N]
                                            check every scene of a suite file (default
                                            scrollreel.json) against its references
           render test [SUITE] --review [--port N] [--host ADDRESS]
                                            check, then serve the failing cases on a page
                                            whose Accept buttons record their references
           render test [SUITE] --prune [--yes]
                                            list the references no case of the suite uses;
                                            with --yes, remove them
           render merge-junit --out FILE JUNIT...   merge the JUnit files of several shards
           render studio SCENE [--port N] [--host ADDRESS]
                                            serve a page that shows the scene as you edit it
                                            (on 127.0.0.1 and a free port unless given)

    Renders the frames of a ScrollReel scene.

    Output, chosen by --out:
      NAME.gif        an animated GIF that loops forever
      NAME.webp       an animated WebP that loops forever: lossless, or lossy with --quality;
                      far smaller than a GIF of a photo, shown by every current browser
      NAME.avif       an animated AVIF (AV1, full-resolution 4:4:4 chroma), lossy: the smallest
                      animated image for its quality, shown by current browsers
      NAME.mp4        H.264 video (yuv420p, constant frame rate, index first), the smallest by
                      far; odd sizes get one more row or column
      NAME.apng       an animated PNG that loops forever, every frame lossless, for places
                      that take PNG but not WebP
      NAME.png        one frame (see --frame)
      DIR/            every frame as DIR/frame_0000.png, frame_0001.png, …, in a new or empty
                      folder or one render wrote frames in before (marked by DIR/.scrollreel);
                      any other folder, recorded references too, is refused, so no file of
                      yours is ever replaced

    Every output's folder is checked before rendering, and all outputs are put in place together
    at the end, or none of them.

    Options:
      --scene FILE    the scene JSON
      --out PATH      where to write (see above)
      --quality Q     1 (smallest) to 100 (best, the default for .gif): trades a .gif's colours
                      and a bounded error per pixel for size (75 suits previews), makes a .webp
                      lossy (90 suits previews), or sets an .avif's or an .mp4's quality (default 80)
      --max-size SIZE the best .gif, .webp, .avif, .mp4 or .apng within SIZE (8MB, 2MiB, 500kB):
                      lowers the quality, then, if need be, the frame rate, never below 15 fps,
                      and says what it chose
      --min-fps N     with --max-size, the lowest frame rate it may choose (default 15)
      --hashes FILE   write each frame's SHA-256 as sha256sum lines: <hash>  <scene>/frame_0000
      --references    with --hashes, also record the frames that --check diffs against, in
                      <scene>/ beside FILE, losslessly: each distinct frame once as a WebP, or
                      the opaque frames in H.264 videos (frames_0000.mkv) where that is smaller;
                      with --frames, as WebPs only
      --check FILE    render and compare with a hash file; exit 1 on a mismatch, with the actual,
                      expected and diff PNGs of each failing frame in the artifacts folder
      --artifacts DIR where --check writes failures (default: <scene>-failures beside FILE), or
                      where render test does (default: scrollreel-failures beside the suite)
      --report FILE   with --check or render test: one self-contained HTML page of the failing
                      frames (expected, actual, diff, a slider and onion skin, contact sheets)
      --junit FILE    with render test: JUnit XML, one test case per scene, scale and appearance
      --update        with render test: record the references of the suite's scenes again
      --shard I/N     with render test: only the I-th of N slices of the suite (1 ≤ I ≤ N), so
                      that N machines or processes check it together
      --prune         with render test: list the hash files and folders in the references
                      folders that no case of the suite uses, and that render wrote; render
                      nothing, remove nothing
      --yes           with --prune: remove them
      --threshold T   per-pixel colour distance 0…1 (YIQ, as pixelmatch) under which pixels count
                      as equal; needs reference frames beside the hash file (default: exact)
      --delta-e E     instead, pixels at most E apart in CIEDE2000 (0…100; 1 is just noticeable)
                      count as equal; needs reference frames too
      --ssim          with or without --delta-e (default 1): a pixel over it counts only where its
                      neighbourhood changed in structure (SSIM under 0.99), as Playwright's
                      ssim-cie94: edges that shift by part of a pixel pass, changed text does not
      --max-diff-pixels N   differing pixels a frame may have and still pass (default 0)
      --max-diff-ratio R    the same as a fraction of the frame's pixels (default 0)
      --mask ID,ID    views whose pixels are not compared, found by id in every frame (a clock,
                      an avatar); needs reference frames beside the hash file
      --contact-sheet FILE  every frame (or every K-th, --every K) tiled into one labelled PNG
      --inspect FILE  write every view's resolved geometry for every frame (or --frames) as JSON
                      (screen points, after effects); with no --out nothing is rendered
      --timeline      print frame,time,offset as CSV for every frame (or --frames) of a render
                      at --scale, --fps and --appearance, and exit
      --scale N       output scale 1, 2 or 3 (default: the scene's canvas.scale); a spring back
                      settles within half a pixel, so the scale can change the number of frames
      --fps N         frames per second, 1…120 (default: the scene's fps, else 30)
      --frame N       the frame written to a .png (default 0)
      --frames A-B    only frames A to B (or just A), keeping their index in the whole timeline;
                      in a folder render wrote before, the other frames stay
      --jobs N        render N frames at a time (default: the number of cores); output is identical
      --appearance A  light (the default), dark, or both side by side (light on the left): which
                      value of each {"light": …, "dark": …} colour the scene is drawn with
      --content-size C  the Dynamic Type size every textStyle is drawn at: extraSmall, small,
                      medium, large (the default), extraLarge, extraExtraLarge,
                      extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge
      --variants V    variants side by side, for design reviews: groups of one axis each,
                      separated by ";" ("light,dark;large,accessibilityLarge;ltr,rtl"), every
                      combination a column; as --appearance both does for light and dark
      --device NAME   draw for this device instead of the scene's: its screen size and safe area
                      ("iPhone SE", "iPhone 15 Pro", …); the scene's scale still holds
      --layout-direction D  ltr (the default) or rtl: right to left mirrors leading and trailing,
                      frames, stacks, natural text alignment, the bars' items and the tabs
      --device-frame F  mask: cut the display's rounded corners (the scene's device's), leaving
                      them transparent; bezel: also draw a simple phone body around the screen
      --touches       draw the finger, as the Simulator's "Show touches": a 44-point translucent
                      disc with a darker ring where a drag holds the content, following it and
                      fading out over 0.2 s when released, and a 0.12 s swipe before each fling;
                      over everything, bars too, and listed in --inspect as "touch"
      --max-pixels N        limit on pixels per output frame (default 16777216)
      --max-frames N        limit on frames (default 18000)
      --max-duration S      limit on the script's length in seconds (default 600)
      --max-image-pixels N  limit on an image asset's pixels, checked before decoding (default 40000000)
      --max-views N         limit on views in the scene (default 10000)
      --quiet         no progress output
      --stats         print render and encode time per frame and peak memory to stderr
      --help          show this help
      --version       show the version
    """
}
